"""Pedestal calibration: mean ADC baseline per channel over all pedestal runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CALIB = {
    "mesh_shape": (4, 2),
    "axes": ("module", "channel"),
    "n_runs": 3,
}


def run_pedestal(adc):
    return adc.mean(axis=0, keepdims=True)


def accumulate(adc_runs):
    module, channel = CALIB["axes"]
    acc = jnp.zeros_like(adc_runs[0, :1])
    for run in range(CALIB["n_runs"]):
        acc = acc + run_pedestal(adc_runs[run])
    per_channel = jax.lax.pmean(acc / CALIB["n_runs"], module)
    return jax.lax.all_gather(per_channel, module, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    return (rng.normal(100.0, 2.0, (3, 32, 16)).astype(np.float32),)


def main(adc_runs):
    mesh = jax.make_mesh(CALIB["mesh_shape"], CALIB["axes"])
    spec = P(None, *CALIB["axes"])
    adc_runs = jax.device_put(adc_runs, NamedSharding(mesh, spec))
    f = jax.shard_map(accumulate, mesh=mesh, in_specs=spec,
                      out_specs=P(None, "channel", reduced={"module"}))
    return f(adc_runs)


if __name__ == "__main__":
    main(*inputs())
