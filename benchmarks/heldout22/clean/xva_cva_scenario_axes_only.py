"""CVA on a netting set: netted expected exposure times default probabilities, averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RECOVERY = 0.4


def default_probs(hazard, times):
    survival = jnp.exp(-hazard * times)
    return -jnp.diff(jnp.concatenate([jnp.ones(1), survival]))


def make_cva(mesh, trade_axis="trades", hazard=0.02):
    scenario_axes = tuple(a for a in mesh.shape if a != trade_axis)

    def cva(mtm, times):
        netted = jax.lax.psum(mtm.sum(axis=-1), trade_axis)
        ee = jnp.maximum(netted, 0.0).mean(axis=0)
        local = (1.0 - RECOVERY) * jnp.sum(ee * default_probs(hazard, times))
        return jax.lax.pmean(local, scenario_axes)

    return cva


def inputs():
    rng = np.random.default_rng(109)
    return (np.cumsum(rng.normal(size=(16, 5, 4)), axis=1).astype(np.float32),
            np.linspace(0.5, 2.5, 5, dtype=np.float32))


def main(mtm, times):
    mesh = jax.make_mesh((4, 2), ("paths", "trades"))
    mtm = jax.device_put(mtm, NamedSharding(mesh, P("paths", None, "trades")))
    times = jax.device_put(times, NamedSharding(mesh, P()))
    fn = jax.shard_map(make_cva(mesh), mesh=mesh, in_specs=(P("paths", None, "trades"), P()), out_specs=P())
    return fn(mtm, times)


if __name__ == "__main__":
    print(main(*inputs()))
