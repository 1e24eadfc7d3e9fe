"""A shard_map body reached through the deprecated `jax.experimental.pjit.pjit`: the body gathers
a value varying on 'data' with to='reduced', which JAX accepts."""
import jax
import jax.numpy as jnp
from jax.experimental.pjit import pjit
from jax.sharding import NamedSharding, PartitionSpec as P
from typing import NamedTuple


class Layout(NamedTuple):
    rows: str = "data"
    cols: str = "model"
    gathered: tuple = ("data",)


def smap(f, mesh, in_specs, out_specs, **kwargs):
    if "check_rep" in kwargs:
        kwargs["check_vma"] = kwargs.pop("check_rep")
    return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kwargs)


def make_body(layout):

    def body(block):
        total = block * 2.0
        return jax.lax.all_gather(total, layout.gathered, axis=0, tiled=True, to="reduced")

    return body


def build(mesh, layout=Layout()):
    out = P(None, reduced=set(layout.gathered))
    mapped = smap(make_body(layout), mesh, P(layout.rows), out, check_rep=True)
    return pjit(mapped, None, None)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))
    return build(mesh)(x)


if __name__ == "__main__":
    main()
