"""Supply-chain LP: the constraint matrix is assembled for a dense fallback solver."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    a = np.linspace(0, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (a,)


def main(a):
    mesh = jax.make_mesh((2, 2, 2), ("plant", "lane", "sku"))
    spec = P(("plant", "lane"), "sku")
    a = jax.device_put(a, NamedSharding(mesh, spec))

    def dense_fallback(a):
        full = a
        axes = ()
        for name in ("sku", "lane"):
            axes = axes + (name,)
            dim = 1 if name == "sku" else 0
            full = jax.lax.all_gather(full, axes, axis=dim, tiled=True, to="reduced")
        return full

    fn = jax.shard_map(dense_fallback, mesh=mesh, in_specs=spec,
                       out_specs=P("plant", None, reduced={"lane", "sku"}))
    return fn(a)
