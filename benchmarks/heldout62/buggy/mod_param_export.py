"""Dense layers that describe their parameters with logical axis names, exported for serving."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN_RULES = {"embed": "data", "mlp": "model"}
SERVE_RULES = {"embed": "model", "mlp": None}


class Dense:
    kernel_axes = ("embed", "mlp")
    bias_axes = ("mlp",)

    def __init__(self, features):
        self.features = features

    def init(self, seed, in_features):
        rng = np.random.default_rng(seed)
        kernel = rng.normal(size=(in_features, self.features)).astype(np.float32)
        return {"kernel": kernel / np.sqrt(in_features), "bias": np.zeros(self.features, np.float32)}

    def param_specs(self, rules, gathered_from=None):
        specs = {}
        for name, axes in (("kernel", self.kernel_axes), ("bias", self.bias_axes)):
            dims = [rules[a] for a in axes]
            reduced = set()
            if gathered_from is not None:
                reduced = {gathered_from[a] for a in axes} - set(dims) - {None}
            specs[name] = P(*dims, reduced=reduced)
        return specs

    def export(self, params, specs):
        return {name: top_level_all_gather(value, specs[name]) for name, value in params.items()}


def inputs():
    return (Dense(16).init(0, 8),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layer = Dense(16)
    train = layer.param_specs(TRAIN_RULES)
    params = {k: jax.device_put(v, NamedSharding(mesh, train[k])) for k, v in params.items()}
    serve = layer.param_specs(SERVE_RULES, gathered_from=TRAIN_RULES)
    with jax.set_mesh(mesh):
        return layer.export(params, serve)


if __name__ == "__main__":
    main(*inputs())
