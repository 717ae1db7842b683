"""The interval and test maths of balance studies, against published values."""

import pytest

from nycrules.stats import (Difference, holm, mean_interval, paired_difference, t_quantile, t_two_sided_p,
                            welch_difference, wilson)


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


def test_welch_difference():
    found = welch_difference([1, 2, 3, 4, 5], [3, 4, 5, 6, 7, 8])
    # mean 3 vs 5.5; se sqrt(2.5/5 + 3.5/6) = 1.0408, df = 8.98 (Welch-Satterthwaite)
    assert found.delta == 2.5
    assert found.p == pytest.approx(0.03980, abs=1e-4)  # t = 2.402


def test_holm_marks_in_steps():
    tests = [Difference(0, 0, 0, p, 10) for p in (0.01, 0.04, 0.03, 0.2)]
    assert [d.marked for d in holm(tests)] == [True, False, False, False]  # 0.03 > 0.05 / 3
    tests = [Difference(0, 0, 0, p, 10) for p in (0.01, 0.02, 0.024)]
    assert [d.marked for d in holm(tests)] == [True, True, True]  # 0.01<.0167, 0.02<.025, 0.024<.05
