"""DP-SGD with a tensor-parallel layer: per-example gradient norms need the squared norms
of every parameter shard; they are summed over the model shards and laid out for the
clipping step."""
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

    def squared_norms(self, per_example_grads):
        local = jnp.sum(per_example_grads ** 2, axis=(1, 2))
        return REDUCE["sum"](local, self.model_axis)

    def clip_factors(self, per_example_grads):
        sq = self.squared_norms(per_example_grads)
        sq_all = jax.lax.all_gather(sq, self.model_axis, to="reduced")
        return sq_all


def per_example_grads(x, w):
    # d/dw sum(tanh(x_i @ w)) = outer(x_i, 1 - tanh^2), one matrix per example
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
                      in_specs=(P("data", None), P(None, "model")),
                      out_specs=P(None, "data", reduced={"model"}))
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
