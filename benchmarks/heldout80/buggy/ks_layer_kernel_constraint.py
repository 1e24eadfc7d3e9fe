"""A row-parallel Dense layer with a MaxNorm kernel constraint deserialized from its config."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Constraint:
    def __call__(self, w):
        return w

    def get_config(self):
        return {}


class MaxNorm(Constraint):
    def __init__(self, max_value=2.0, axis_name="model"):
        self.max_value = max_value
        self.axis_name = axis_name

    def __call__(self, w):
        full = jax.lax.all_gather(w, self.axis_name, axis=0, tiled=True, to="reduced")
        sq = (full * full).sum()
        norm = jnp.sqrt(jax.lax.psum(sq, self.axis_name))
        return w * jnp.minimum(1.0, self.max_value / (norm + 1e-7))

    def get_config(self):
        return {"max_value": self.max_value, "axis_name": self.axis_name}


CONSTRAINTS = {"max_norm": MaxNorm, "none": Constraint}


def deserialize_constraint(config):
    if config is None:
        return None
    return CONSTRAINTS[config["class_name"]](**config.get("config", {}))


class RowParallelDense:
    def __init__(self, units, axis_name="model", kernel_constraint=None):
        self.units = units
        self.axis_name = axis_name
        self.kernel_constraint = deserialize_constraint(kernel_constraint)

    def __call__(self, x, kernel):
        if self.kernel_constraint is not None:
            kernel = self.kernel_constraint(kernel)
        return jax.lax.psum(x @ kernel, self.axis_name)

    def get_config(self):
        constraint = self.kernel_constraint
        return {
            "units": self.units,
            "axis_name": self.axis_name,
            "kernel_constraint": None if constraint is None else {
                "class_name": "max_norm", "config": constraint.get_config()},
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32)


def main(x, kernel):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    layer = RowParallelDense(6, kernel_constraint={"class_name": "max_norm", "config": {"max_value": 3.0}})
    layer = RowParallelDense.from_config(layer.get_config())
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "model")))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P("model", None)))
    forward = jax.shard_map(layer, mesh=mesh, in_specs=(P("batch", "model"), P("model", None)),
                            out_specs=P("batch", None))
    return forward(x, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
