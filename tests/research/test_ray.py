"""The Ray backend gives the rows of the local backend (a local Ray with 2 CPUs)."""

from __future__ import annotations

import pytest

from asztal.research.batch import Batch, run_batch
from asztal.research.report import read_rows


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")  # here, not at collection: importing Ray costs every test worker ~0.5 s
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_and_local_give_identical_rows(tmp_path, local_ray):
    for batch in (Batch("pax", 2, ["greedy", "random"], 6, seed=21), Batch("caboose", 3, ["random"], 5, seed=2)):
        run_batch(batch, tmp_path / "local.parquet", backend="local", jobs=2)
        run_batch(batch, tmp_path / "ray.parquet", backend="ray")
        local = [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows([tmp_path / "local.parquet"])]
        remote = [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows([tmp_path / "ray.parquet"])]
        assert local == remote and len(remote) == batch.games
