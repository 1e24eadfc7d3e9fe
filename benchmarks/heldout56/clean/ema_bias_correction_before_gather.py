"""Adam-style bias-corrected EMA of weights, with the correction applied to the gathered copy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BiasCorrectedEMA:
    tensor_axis = "tp"

    def __init__(self, decay=0.99):
        self.decay = decay

    @classmethod
    def gather(cls, shadow):
        return jax.lax.all_gather(shadow, cls.tensor_axis, axis=1, tiled=True, to="reduced")

    def update(self, shadow, params, step):
        shadow = self.decay * shadow + (1 - self.decay) * params
        corrected = self.gather(shadow / (1 - self.decay ** step))
        return shadow, corrected


def inputs():
    rng = np.random.default_rng(19)
    return np.zeros((16, 8), np.float32), rng.standard_normal((16, 8), dtype=np.float32), np.float32(10.0)


def main(shadow, params, step):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    shadow, params = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (shadow, params))
    step = jax.device_put(step, NamedSharding(mesh, P()))
    ema = BiasCorrectedEMA()
    new_shadow, corrected = jax.shard_map(ema.update, mesh=mesh, in_specs=(spec, spec, P()),
                                          out_specs=(spec, P("fsdp", None, reduced={"tp"})))(shadow, params, step)
    print(corrected.shape)
    return corrected


if __name__ == "__main__":
    main(*inputs())
