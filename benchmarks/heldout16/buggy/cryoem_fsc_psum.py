"""Cryo-EM gold-standard FSC: half maps correlated shell by shell, reducers kept in a table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {
    "shells": lambda v: jax.lax.psum(v, "shell"),
    "halves": lambda v: jax.lax.psum(v, "half"),
}


def inputs():
    f1 = np.cos(np.arange(16 * 8, dtype=np.float32) / 7).reshape(16, 8)
    f2 = np.sin(np.arange(16 * 8, dtype=np.float32) / 5).reshape(16, 8)
    return f1, f2


def main(f1, f2):
    mesh = jax.make_mesh((4, 2), ("shell", "half"))
    spec = P("shell", "half")
    f1 = jax.device_put(f1, NamedSharding(mesh, spec))
    f2 = jax.device_put(f2, NamedSharding(mesh, spec))

    def fsc(a, b):
        ref = jax.lax.all_gather(b, "shell", axis=0, tiled=True, to="reduced")
        num = REDUCERS["shells"](ref.sum(axis=0))
        den = REDUCERS["halves"](jnp.sum(a * a, axis=0))
        return num, den

    fn = jax.shard_map(fsc, mesh=mesh, in_specs=(spec, spec), out_specs=(P("half"), P("shell")))
    return fn(f1, f2)
