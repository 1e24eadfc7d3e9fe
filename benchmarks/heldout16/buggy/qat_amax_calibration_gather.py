"""Quantisation-aware training: int8 fake-quant with amax calibration shared over replicas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, MODEL = "data", "model"


def inputs():
    acts = np.linspace(-3.0, 3.0, 16 * 8, dtype=np.float32).reshape(16, 8)
    w = np.linspace(-1.0, 1.0, 8 * 8, dtype=np.float32).reshape(8, 8)
    return acts, w


def calibrated_amax(t, axis=DATA):
    amax = jax.lax.pmax(jnp.max(jnp.abs(t), axis=0), axis)
    return jax.lax.all_gather(amax, axis, axis=0, tiled=True, to="reduced")


def fake_quant(t, amax):
    scale = amax / 127.0
    return jnp.round(t / scale) * scale


def main(acts, w):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    acts = jax.device_put(acts, NamedSharding(mesh, P(DATA, MODEL)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, MODEL)))

    def qat_forward(x, w):
        x_amax = calibrated_amax(x)
        w_amax = calibrated_amax(w)
        return x_amax, w_amax

    fn = jax.shard_map(qat_forward, mesh=mesh, in_specs=(P(DATA, MODEL), P(None, MODEL)),
                       out_specs=(P(MODEL, reduced={DATA}), P(MODEL, reduced={DATA})))
    return fn(acts, w)
