"""k-mer spectrum for genome-size estimation: counts gathered over the bins they are split
across, then transformed for plotting by a named transform."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

TRANSFORMS = {
    "raw": lambda c: c,
    "log": lambda c: jnp.log(c + 1.0),
}


def spectrum(counts, transform="log"):
    full = jax.lax.all_gather(counts, "bins", axis=0, tiled=True, to="reduced")
    return TRANSFORMS[transform](full)


def main(counts, mesh):
    counts = jax.device_put(counts, NamedSharding(mesh, P("bins")))
    fn = jax.shard_map(spectrum, mesh=mesh, in_specs=P("bins"),
                       out_specs=P(None, reduced={"bins"}))
    return fn(counts)


def inputs():
    mesh = jax.make_mesh((8,), ("bins",))
    return jax.random.poisson(jax.random.key(10), 5.0, (64,)).astype(jnp.float32), mesh
