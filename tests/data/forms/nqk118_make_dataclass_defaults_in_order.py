"""make_dataclass fields: a bare name, then a default: the axes a psum reduces over reach the shard_map body through make_dataclass fields: a bare name, then a default."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses

Cfg = dataclasses.make_dataclass("Cfg", ["name", ("axes", tuple, ("data",))])


def get_axes():
    cfg = Cfg("run")
    return cfg.axes if [f.name for f in dataclasses.fields(cfg)] == ["name", "axes"] else ("data", "model")


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
