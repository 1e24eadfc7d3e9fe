"""NLMS adaptation: the step is normalised by the far-end power over all bins of the block."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class NLMSConfig:
    mu: float = 0.5
    eps: float = 1e-4
    bin_axis: str = "bins"


def far_power(far, cfg):
    return jax.lax.all_gather(far * far, cfg.bin_axis, axis=1, tiled=True, to="reduced")


def nlms_update(err, far, cfg=NLMSConfig()):
    power = far_power(far, cfg)
    step = cfg.mu / (jnp.sum(power, axis=1, keepdims=True) + cfg.eps)
    return err * jnp.min(step, axis=1, keepdims=True)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((8, 16)).astype(np.float32))


def main(err, far):
    mesh = jax.make_mesh((2, 4), ("frames", "bins"))
    spec = P("frames", "bins")
    err = jax.device_put(err, NamedSharding(mesh, spec))
    far = jax.device_put(far, NamedSharding(mesh, spec))
    return jax.shard_map(nlms_update, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P("frames", "bins"))(err, far)


if __name__ == "__main__":
    print(main(*inputs()))
