"""StEFCal-like antenna gain calibration iterated in a fori_loop over visibility shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ITER = 5
BASELINE_AXIS = "baselines"


def stefcal(vis, model):
    def iteration(_, gains):
        z = gains[:, None] * model
        num = jax.lax.psum(jnp.sum(vis * z, axis=1), "chan")
        den = jax.lax.psum(jnp.sum(z * z, axis=1), "chan")
        return 0.5 * gains + 0.5 * num / den

    gains = jax.lax.fori_loop(0, N_ITER, iteration, jnp.ones_like(vis[:, 0]))
    solved = jax.lax.psum(jnp.sum(gains[:, None] * model, axis=0), BASELINE_AXIS)
    return jax.lax.all_gather(solved, BASELINE_AXIS, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    model = rng.uniform(0.5, 1.5, size=(32, 8)).astype(np.float32)
    return (model * rng.uniform(0.9, 1.1, size=(32, 1))).astype(np.float32), model


def main(vis, model):
    mesh = jax.make_mesh((4, 2), (BASELINE_AXIS, "chan"))
    spec = P(BASELINE_AXIS, "chan")
    vis = jax.device_put(vis, NamedSharding(mesh, spec))
    model = jax.device_put(model, NamedSharding(mesh, spec))
    fn = jax.shard_map(stefcal, mesh=mesh, in_specs=(spec, spec), out_specs=P("chan", reduced={BASELINE_AXIS}))
    return fn(vis, model)


if __name__ == "__main__":
    print(main(*inputs()))
