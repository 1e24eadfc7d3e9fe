import jax
from jax import lax
from jax.sharding import PartitionSpec as P

class Layer:
    def __init__(self, **axes):
        self.axes = axes

class Project(Layer):
    def __call__(self, x):
        return x * 2.0

class Activate(Layer):
    def __call__(self, h):
        h = lax.all_gather(h, self.axes.get("model", "i"), tiled=True, to="reduced")
        return jax.nn.relu(h)  # SF106

class Stack(Layer):
    def __call__(self, x):
        return Activate(**self.axes)(Project(**self.axes)(x))

def run(mesh, x):
    stack = Stack(model="j")
    return jax.shard_map(stack, mesh=mesh, in_specs=P("j"), out_specs=P(None, reduced={"j"}))(x)
