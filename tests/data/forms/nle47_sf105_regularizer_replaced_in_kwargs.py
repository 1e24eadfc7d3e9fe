"""Near miss of le40: the subclass rewrites its `**kwargs` before handing them on, giving the
base a regularizer over 'i' alone; the caller's regularizer is never called (the one called
averages a value varying on 'i' only: fine)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class L2:
    def __init__(self, l2=0.01, axis_names=("i", "j")):
        self.l2, self.axis_names = l2, tuple(axis_names)

    def __call__(self, activations):
        return self.l2 * jax.lax.pmean(jnp.sum(activations * activations), self.axis_names)


class Layer:
    def __init__(self, activity_regularizer=None):
        self.activity_regularizer = activity_regularizer

    def __call__(self, x):
        outputs = self.call(x)
        if self.activity_regularizer is not None:
            return outputs, self.activity_regularizer(outputs)
        return outputs, jnp.zeros(())


class RowSum(Layer):
    def __init__(self, axis="j", **kwargs):
        kwargs["activity_regularizer"] = L2(axis_names=("i",))
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, x):
        return jax.lax.psum(x, self.axis)


def main(mesh, x):
    layer = RowSum(activity_regularizer=L2())
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", None), P()))(x)
