"""A step builder takes the gather axis as a keyword default that the launcher overrides via **opts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_step(mesh, batch_axis, gather_axis="model", **unused):
    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

    return jax.shard_map(step, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={gather_axis}))


def inputs():
    return {"batch_axis": "data", "gather_axis": "model", "lr": 0.1}, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(opts, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P(opts["batch_axis"])))
    out = build_step(mesh, **opts)(w)
    return float(np.asarray(out).sum()) * opts["lr"]


if __name__ == "__main__":
    print(main(*inputs()))
