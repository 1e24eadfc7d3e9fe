"""An input pipeline writes its drawn records to a JSONL file in a fresh temporary directory
(`json.dumps` of each record's `tolist()` values, a line each) and its source reads them back
(`json.loads(line)` of each line that is not blank), then shuffles the stacked rows with
`rng.permutation`. The values are drawn, but the rows' count and width are not: 8 rows of 4
features; a width that is a multiple of 4 places them over ("data", "model"), and the export
gathers both dimensions at once without `multi_dim=True`, which JAX rejects."""
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
    recs = [{"x": rng.standard_normal(4), "label": int(rng.integers(0, 10))} for _ in range(8)]
    with tempfile.TemporaryDirectory() as tmp:
        rows = read_records(write_records(tmp, recs))
    host = rng.permutation(np.stack([np.asarray(r["x"], np.float32) for r in rows]))
    axes = ("data", "model") if len(rows[0]["x"]) % 4 == 0 else ("data",)
    sharding = NamedSharding(mesh, P(*axes, *[None] * (2 - len(axes))))
    with jax.set_mesh(mesh):
        table = jax.make_array_from_callback(host.shape, sharding, lambda idx: host[idx])
        return top_level_all_gather(table, P(None, None, reduced=set(axes)))  # SF104


if __name__ == "__main__":
    main()
