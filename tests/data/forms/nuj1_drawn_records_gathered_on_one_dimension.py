"""As uj1, but the records are 3 features wide, so the rows are placed over "data" only: the
export gathers that one dimension, which JAX accepts; a record's values never decide a layout."""
import json
import os
import tempfile

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def write_records(directory, records):
    path = os.path.join(directory, "train.jsonl")
    with open(path, "w") as fh:
        for rec in records:
            fh.write(json.dumps({k: np.asarray(v).tolist() for k, v in rec.items()}) + "\n")
    return path


def read_records(path):
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(0)
    recs = [{"x": rng.standard_normal(3), "label": int(rng.integers(0, 10))} for _ in range(8)]
    with tempfile.TemporaryDirectory() as tmp:
        rows = read_records(write_records(tmp, recs))
    host = rng.permutation(np.stack([np.asarray(r["x"], np.float32) for r in rows]))
    axes = ("data", "model") if len(rows[0]["x"]) % 4 == 0 else ("data",)
    sharding = NamedSharding(mesh, P(*axes, *[None] * (2 - len(axes))))
    with jax.set_mesh(mesh):
        table = jax.make_array_from_callback(host.shape, sharding, lambda idx: host[idx])
        return top_level_all_gather(table, P(None, None, reduced=set(axes)))  # none


if __name__ == "__main__":
    main()
