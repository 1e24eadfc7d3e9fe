"""DP-SGD with a tensor-parallel layer: squared per-example norms summed over the model
shards, gathered with the default (varying) gather, then turned into clip factors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE = {"sum": jax.lax.psum, "max": jax.lax.pmax}


class PrivacyEngine:
    def __init__(self, clip_norm=1.0, data_axis="data", model_axis="model"):
        self.clip_norm = clip_norm
        self.data_axis = data_axis
        self.model_axis = model_axis

    def clip_factors(self, per_example_grads):
        sq = REDUCE["sum"](jnp.sum(per_example_grads ** 2, axis=(1, 2)), self.model_axis)
        sq_all = jax.lax.all_gather(sq, self.data_axis, tiled=True)
        return jnp.minimum(1.0, self.clip_norm / jnp.sqrt(sq_all + 1e-12))[None]


def per_example_grads(x, w):
    dy = 1.0 - jnp.tanh(x @ w) ** 2
    return x[:, :, None] * dy[:, None, :]


def inputs():
    x = np.linspace(-1, 1, 8 * 4, dtype=np.float32).reshape(8, 4)
    w = np.linspace(-0.5, 0.5, 4 * 8, dtype=np.float32).reshape(4, 8)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    engine = PrivacyEngine()
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    f = jax.shard_map(lambda x, w: engine.clip_factors(per_example_grads(x, w)), mesh=mesh,
                      in_specs=(P("data", None), P(None, "model")), out_specs=P("data", None))
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
