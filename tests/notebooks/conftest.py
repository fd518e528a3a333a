import time

import pytest


@pytest.fixture(scope="session")
def lab_runs(tmp_path_factory):
    """Every lab run once, in English, with a wrong answer before each right one
    (tests/support/lab_answers.py): stem -> (executed notebook, seconds). The wrong-answer
    test and the labs' own test both read these runs."""
    import lab_answers as la

    runs, t0 = {}, time.perf_counter()
    for stem in sorted(la.WRONG):
        runs[stem] = la.run_with_wrong_answers(stem, tmp_path_factory.mktemp(f"lab-{stem}"))
    print(f"\nlabs with their wrong answers run in {time.perf_counter() - t0:.0f} s: "
          + ", ".join(f"{stem} {s:.1f} s" for stem, (_, s) in runs.items()))
    return runs
