import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["name"])
@dataclasses.dataclass
class Stack:
    w: object
    name: str = "mlp"


AXES = {}


def axis_role(role):
    """Registers a mesh axis under a role: the axis is the function's name."""
    def register(fn):
        AXES[role] = fn.__name__
        return fn
    return register


@axis_role("tensor")
def model():
    pass


def block(axis, h, w):
    with jax.named_scope("block"):
        return h + jax.lax.psum(jnp.sum(h @ w), axis), None


def body(h, stack):
    step = jax.checkpoint(functools.partial(block, AXES["tensor"]))
    h, _ = jax.lax.scan(step, h, stack.w)
    return jax.lax.all_gather(h, AXES["tensor"], axis=1, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    specs = Stack(w=P(None, None, "model"))
    with jax.set_mesh(mesh):
        host = Stack(w=np.full((3, 8, 8), 0.1, np.float32))
        stack = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), host, specs)
        h = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
        fn = jax.shard_map(body, in_specs=(P("data"), specs), out_specs=P("data", None, reduced={"model"}))
        return jax.jit(fn)(h, stack)


if __name__ == "__main__":
    main()
