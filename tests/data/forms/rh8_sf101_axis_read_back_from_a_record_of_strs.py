"""Records written as JSON lines through NumPy (`np.asarray(v).tolist()` of each field, a str
among them): `np.asarray("data")` is a rank-0 str array whose `.tolist()` is the str itself, so
the run knows the text written, reads it back, and knows the axis the step gathers over."""
import json
import os
import tempfile

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def write_records(directory, records):
    path = os.path.join(directory, "axes.jsonl")
    with open(path, "w") as fh:
        for rec in records:
            fh.write(json.dumps({k: np.asarray(v).tolist() for k, v in rec.items()}) + "\n")
    return path


def step(x, axis):
    s = jax.lax.psum(x, axis)
    return jax.lax.all_gather(s, axis, axis=0, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with tempfile.TemporaryDirectory() as tmp:
        path = write_records(tmp, [{"axis": "data", "scale": np.float32(2.0)}])
        with open(path) as fh:
            record = [json.loads(line) for line in fh][0]
    axis = record["axis"]
    other = "model" if axis == "data" else "data"
    f = jax.shard_map(lambda x: step(x, axis), mesh=mesh, in_specs=P(axis, other),
                      out_specs=P(None, other, reduced={axis}))
    return f(jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(axis, other))))


if __name__ == "__main__":
    main()
