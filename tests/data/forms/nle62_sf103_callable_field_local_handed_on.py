"""le49 where the local the field is read into is handed to a function the analysis does not run:
the constraint may be called there too, so nothing about its `__call__` is certain."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class MaxNorm:
    def __init__(self, max_value=2.0, axis_name="j"):
        self.max_value = max_value
        self.axis_name = axis_name

    def __call__(self, w):
        full = jax.lax.all_gather(w, self.axis_name, axis=1, tiled=True, to="invarying")
        norm = jnp.sqrt(jax.lax.psum((full * full).sum(), self.axis_name))
        return w / norm

    def get_config(self):
        return {"max_value": self.max_value, "axis_name": self.axis_name}


CONSTRAINTS = {"max_norm": MaxNorm}


def describe(obj):
    return getattr(obj, "get_config", dict)()


class Dense:
    def __init__(self, kernel_constraint):
        self.kernel_constraint = CONSTRAINTS[kernel_constraint["class_name"]](**kernel_constraint["config"])

    def __call__(self, x):
        return self.kernel_constraint(x)

    def get_config(self):
        constraint = self.kernel_constraint
        return {"kernel_constraint": None if constraint is None else describe(constraint)}


def main(mesh, x):
    layer = Dense({"class_name": "max_norm", "config": {"max_value": 3.0}})
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x), layer.get_config()
