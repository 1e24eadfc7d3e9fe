"""Helper library: wrap any per-shard function for the data mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def distribute(fn, mesh, spec, out_spec):
    return jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=out_spec)


def token_counts(tokens):
    counts = jnp.sum(tokens > 0, axis=0).astype(jnp.float32)
    counts = jax.lax.psum(counts, "data")
    return jax.lax.all_gather(counts, "data", tiled=True, to="reduced")


def inputs():
    return (np.arange(-8, 56, dtype=np.int32).reshape(8, 8),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("data", "seq")))
    step = distribute(token_counts, mesh, P("data", "seq"), P("seq"))
    return step(tokens)


if __name__ == "__main__":
    print(main(*inputs()))
