"""`nycrules serve`: the table in a browser, served by the same engine as `play`.

`game.py` holds one game served (its session, its seats' secret tokens, its save after every
decision); `seat_state.py` builds what one seat's page is sent, from that seat's view only;
`app.py` is the ASGI application (the page, and a WebSocket per open page); `page.html` is the
page itself; `run.py` starts the server for the command line. Starlette and uvicorn come with the
`web` extra (`pip install 'nycrules[web]'`).
"""
