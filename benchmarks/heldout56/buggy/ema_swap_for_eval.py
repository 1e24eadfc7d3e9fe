"""Swap EMA weights into the model for evaluation; the swapped copy is re-sharded over fsdp."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EMAWeights:
    def __init__(self, decay=0.999, tensor_axis="tp", shard_axis="fsdp"):
        self.decay = decay
        self.tensor_axis = tensor_axis
        self.shard_axis = shard_axis

    @staticmethod
    def blend(ema, params, decay):
        return decay * ema + (1 - decay) * params

    def unshard_tensor(self, w):
        return jax.lax.all_gather(w, self.tensor_axis, axis=1, tiled=True, to="reduced")

    def eval_copy(self, ema, params):
        w = self.blend(ema, params, self.decay)
        full = self.unshard_tensor(w)
        return jax.lax.all_to_all(full, self.tensor_axis, 1, 0, tiled=True)


def inputs():
    rng = np.random.default_rng(16)
    return rng.standard_normal((16, 8), dtype=np.float32), rng.standard_normal((16, 8), dtype=np.float32)


def main(ema, params):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    ema, params = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (ema, params))
    weights = EMAWeights(decay=0.99)
    out = jax.shard_map(weights.eval_copy, mesh=mesh, in_specs=(spec, spec),
                        out_specs=P(("fsdp", "tp"), None))(ema, params)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
