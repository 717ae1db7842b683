"""The interval and test maths of balance studies, against published values."""

import pytest

from nycrules.studies.stats import (Difference, bootstrapped, holm, mean_interval, newcombe, paired_difference,
                                    percentile, t_quantile, t_two_sided_p, wilson)


@pytest.mark.parametrize("k, n, low, high", [
    (5, 10, 0.2366, 0.7634),   # Wilson 1927 / Newcombe 1998 tables
    (0, 10, 0.0, 0.2775),
    (81, 263, 0.2553, 0.3662),  # Newcombe 1998, example (b)
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval(k, n, low, high):
    assert wilson(k, n) == pytest.approx((low, high), abs=1e-4)


@pytest.mark.parametrize("df, t", [(1, 12.7062), (2, 4.3027), (10, 2.2281), (30, 2.0423), (1000, 1.9623)])
def test_student_t_quantile(df, t):
    assert t_quantile(0.975, df) == pytest.approx(t, abs=1e-4)
    assert t_two_sided_p(t, df) == pytest.approx(0.05, abs=1e-5)


def test_mean_interval():
    estimate = mean_interval([1, 2, 3, 4, 5])  # sd 1.5811, t(4) 2.7764
    assert (estimate.mean, estimate.n) == (3, 5)
    assert (estimate.low, estimate.high) == pytest.approx((3 - 1.9632, 3 + 1.9632), abs=1e-4)


def test_paired_difference():
    before = [10, 12, 9, 14, 11, 13]
    after = [12, 13, 12, 15, 13, 16]  # differences 2 1 3 1 2 3: mean 2, sd 0.8944
    found = paired_difference(before, after)
    assert found.delta == 2
    assert (found.low, found.high) == pytest.approx((2 - 0.9386, 2 + 0.9386), abs=1e-4)
    assert found.p == pytest.approx(0.002765, rel=1e-3)  # t = 5.477 with 5 degrees of freedom
    same = paired_difference(before, before)
    assert (same.delta, same.p) == (0, 1.0)


def test_intervals_stay_within_what_is_possible():
    few = mean_interval([0, 100])  # t with 1 degree of freedom: 50 +- 635
    assert (few.low, few.high) == (0, 100)
    wins = paired_difference([0, 0, 1], [1, 0, 1])  # a win rate's difference lies within [-1, 1]
    assert -1 <= wins.low < wins.delta < wins.high <= 1
    points = paired_difference([10, 40], [30, 35])
    assert (points.low, points.high) == (30 - 40, 35 - 10)


def test_percentile_and_bootstrapped():
    assert percentile([1, 2, 3, 4, 5], 0.5) == 3
    assert percentile([1, 2, 3, 4, 5], 0.125) == 1.5
    drawn = [float(i) for i in range(1001)]  # 0..1000: sd 289.1
    figure = bootstrapped(500.0, drawn, 7)
    assert (figure.low, figure.high) == (25, 975) and figure.n == 7
    assert figure.se == pytest.approx(289.1, abs=0.1)
    low, high = figure.simultaneous(1)
    assert (low, high) == pytest.approx((500 - 1.95996 * figure.se, 500 + 1.95996 * figure.se), abs=1e-2)
    wider = figure.simultaneous(42)  # Bonferroni: z at 1 - 0.05 / 84
    assert wider[1] - wider[0] == pytest.approx(2 * 3.2414 * figure.se, rel=1e-4)
    assert bootstrapped(None, drawn, 7) is None
    assert bootstrapped(1.0, [1.0] * 94 + [None] * 6, 7) is None  # more than 5% of the draws cannot tell


def test_holm_marks_in_steps():
    tests = [Difference(0, 0, 0, p, 10) for p in (0.01, 0.04, 0.03, 0.2)]
    assert [d.marked for d in holm(tests)] == [True, False, False, False]  # 0.03 > 0.05 / 3
    tests = [Difference(0, 0, 0, p, 10) for p in (0.01, 0.02, 0.024)]
    assert [d.marked for d in holm(tests)] == [True, True, True]  # 0.01<.0167, 0.02<.025, 0.024<.05


@pytest.mark.parametrize("k1, n1, k0, n0, low, high", [
    (56, 70, 48, 80, 0.0524, 0.3339),  # Newcombe 1998, table II, method 10
    (9, 10, 3, 10, 0.1705, 0.8090),
    (0, 10, 10, 10, -1.0, -0.6075),  # stays within [-1, 1]
])
def test_newcombe_difference_of_proportions(k1, n1, k0, n0, low, high):
    assert newcombe(k1, n1, k0, n0) == pytest.approx((low, high), abs=1e-3)
