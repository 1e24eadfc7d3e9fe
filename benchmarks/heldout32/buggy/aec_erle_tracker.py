"""Frequency-domain echo canceller: ERLE tracked over adaptation blocks in a fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BLOCKS_AXIS = "frames"
BINS_AXIS = "bins"
N_ITERS = 3


def erle_step(i, carry):
    mic, echo_est, history = carry
    residual = mic - echo_est * (1.0 - 0.1 * i)
    band_power = jax.lax.psum(jnp.sum(residual * residual, axis=1, keepdims=True), BINS_AXIS)
    history = history + jax.lax.all_gather(band_power, BINS_AXIS, axis=1, tiled=True, to="reduced")
    return mic, echo_est, history


def track_erle(mic, echo_est):
    history = jax.lax.all_gather(jnp.zeros_like(mic[:, :1]), BINS_AXIS, axis=1, tiled=True, to="reduced")
    _, _, history = jax.lax.fori_loop(0, N_ITERS, erle_step, (mic, echo_est, history))
    return history


def inputs():
    rng = np.random.default_rng(40)
    mic = rng.standard_normal((8, 16)).astype(np.float32)
    return mic, (0.8 * mic).astype(np.float32)


def main(mic, echo_est):
    mesh = jax.make_mesh((2, 4), (BLOCKS_AXIS, BINS_AXIS))
    spec = P(BLOCKS_AXIS, BINS_AXIS)
    mic = jax.device_put(mic, NamedSharding(mesh, spec))
    echo_est = jax.device_put(echo_est, NamedSharding(mesh, spec))
    return jax.shard_map(track_erle, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(BLOCKS_AXIS, None, reduced={BINS_AXIS}))(mic, echo_est)


if __name__ == "__main__":
    print(main(*inputs()))
