"""Per-channel absmax calibration for weight-only int8, driven by a HF-style quantization_config."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QUANTIZATION_CONFIG = json.loads("""
{
  "quant_method": "absmax",
  "bits": 8,
  "per_channel": true,
  "mesh": {"shape": [2, 4], "axis_names": ["data", "model"]},
  "calibration_axis": "data"
}
""")


def calibrate(acts, cfg=QUANTIZATION_CONFIG):
    axis = cfg["calibration_axis"]
    local = jnp.max(jnp.abs(acts), axis=0)
    amax = jax.lax.pmax(local, axis)
    qmax = 2 ** (cfg["bits"] - 1) - 1
    scales = jax.lax.all_gather(amax, axis, axis=0, tiled=True)
    return scales, qmax


def inputs():
    rng = np.random.default_rng(31)
    return (rng.standard_normal((64, 16)).astype(np.float32) * 3,)


def main(acts):
    m = QUANTIZATION_CONFIG["mesh"]
    mesh = jax.make_mesh(tuple(m["shape"]), tuple(m["axis_names"]))
    spec = P(*m["axis_names"])
    acts = jax.device_put(acts, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda a: calibrate(a)[0], mesh=mesh, in_specs=spec,
                       out_specs=P(("data", "model")))
    return fn(acts)


if __name__ == "__main__":
    print(main(*inputs()))
