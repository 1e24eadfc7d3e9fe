"""a field's default and default_factory are MISSING where none was given: the faithful reading of a field's default and default_factory are MISSING where none was given."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Cfg:
    name: str
    steps: int = 3
    axes: list = dataclasses.field(default_factory=list)


def get_axes():
    f = {f.name: f for f in dataclasses.fields(Cfg)}
    plain = f["name"].default is dataclasses.MISSING and f["name"].default_factory is dataclasses.MISSING
    given = f["steps"].default == 3 and f["steps"].default_factory is dataclasses.MISSING
    made = f["axes"].default is dataclasses.MISSING and f["axes"].default_factory is list
    return ("data",) if plain and given and made else ("data", "model")


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
