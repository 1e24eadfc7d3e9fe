"""A metaclass registers each head class; the registry's head decides the gather axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HEADS = {}


class HeadMeta(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        if "key" in ns:
            HEADS[ns["key"]] = cls
        return cls

    def __call__(cls, *args, **kwargs):
        inst = super().__call__(*args, **kwargs)
        inst.ready = True
        return inst


class Head(metaclass=HeadMeta):
    axis = "data"

    def collect(self, v):
        return jax.lax.all_gather(v, self.axis, tiled=True, to="reduced")


class ColumnHead(Head):
    key = "column"
    axis = "model"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    head = HEADS["column"]()

    def body(block):
        return head.collect(jax.lax.psum(block.sum(axis=1), "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", reduced={"model"}))(x)


if __name__ == "__main__":
    main()
