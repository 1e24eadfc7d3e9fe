"""A packing pipeline draws token lists of random lengths (`size=int(rng.integers(2, 9))`),
writes them to a JSONL file in a fresh temporary directory and reads them back. A list's length
is unknown, but it is a list of ints whatever it is: `np.asarray(row["tokens"])` is a vector, so
the packer picks the 2-D layout over ("data", "model"), and the export gathers both dimensions
at once without `multi_dim=True`, which JAX rejects."""
import json
import os
import tempfile

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def write_records(directory, records):
    path = os.path.join(directory, "tokens.jsonl")
    with open(path, "w") as fh:
        for rec in records:
            fh.write(json.dumps({k: np.asarray(v).tolist() for k, v in rec.items()}) + "\n")
    return path


def read_records(path):
    with open(path) as fh:
        return [json.loads(line) for line in fh]


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(0)
    recs = [{"tokens": rng.integers(0, 32, size=int(rng.integers(2, 9)))} for _ in range(8)]
    with tempfile.TemporaryDirectory() as tmp:
        rows = read_records(write_records(tmp, recs))
    axes = ("data", "model") if np.asarray(rows[0]["tokens"]).ndim == 1 else ("data",)
    host = np.ones((8, 8), np.float32)
    sharding = NamedSharding(mesh, P(*axes, *[None] * (2 - len(axes))))
    with jax.set_mesh(mesh):
        table = jax.make_array_from_callback(host.shape, sharding, lambda idx: host[idx])
        return top_level_all_gather(table, P(None, None, reduced=set(axes)))  # SF104


if __name__ == "__main__":
    main()
