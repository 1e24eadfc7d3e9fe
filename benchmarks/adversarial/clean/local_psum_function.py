"""A module defines its own psum (a local sum used for host-side metrics), not JAX's."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def psum(x, axis_name):
    """Sum over named dimensions of a dict-of-arrays record (host-side metrics)."""
    names = (axis_name,) if isinstance(axis_name, str) else axis_name
    return {k: jnp.sum(v) for k, v in x.items() if k in names}


def all_gather(x, axis_name, to="reduced"):
    return jnp.stack([x, x]) if to == "reduced" else x


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.pmean(jnp.mean(block), "data")

    loss = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)
    record = {"data": jnp.ones(3), "model": jnp.zeros(2), "loss": loss}
    totals = psum(record, ("data", "model"))
    g = all_gather(psum(record, "data")["data"], "data", to="reduced")
    return totals["data"] + g.sum() * 2 + loss


if __name__ == "__main__":
    print(main(*inputs()))
