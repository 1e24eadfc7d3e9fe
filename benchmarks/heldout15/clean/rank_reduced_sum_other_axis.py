"""Ranking stats: candidates gathered to reduced over 'cand', then summed over the query axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8),)


def popularity(c_shard):
    cands = jax.lax.all_gather(c_shard, "cand", axis=1, tiled=True, to="reduced")
    return jax.lax.psum(cands, "query")


def main(c):
    mesh = jax.make_mesh((2, 4), ("query", "cand"))
    c = jax.device_put(c, NamedSharding(mesh, P("query", "cand")))
    f = jax.shard_map(popularity, mesh=mesh, in_specs=P("query", "cand"),
                      out_specs=P(None, None, reduced={"cand"}))
    return f(c)


if __name__ == "__main__":
    print(main(*inputs()))
