"""Cryo-EM FSC: shell sums reduced while varying; the reference is gathered for output only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {"shells": lambda v: jax.lax.psum(v, "shell")}


def inputs():
    f1 = np.cos(np.arange(16 * 8, dtype=np.float32) / 7).reshape(16, 8)
    return (f1,)


def main(f1):
    mesh = jax.make_mesh((4, 2), ("shell", "half"))
    spec = P("shell", "half")
    f1 = jax.device_put(f1, NamedSharding(mesh, spec))

    def fsc(a):
        num = REDUCERS["shells"](a.sum(axis=0))
        ref = jax.lax.all_gather(a, "shell", axis=0, tiled=True, to="reduced")
        return num, ref

    fn = jax.shard_map(fsc, mesh=mesh, in_specs=spec,
                       out_specs=(P("half"), P(None, "half", reduced={"shell"})))
    return fn(f1)
