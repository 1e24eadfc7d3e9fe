"""lax.scan traces its body once and requires the carry to come out in the type it went in: a
reduced carry the step keeps reduced (a sum of reduced values) stays reduced after the loop, so
the psum over the axis it is reduced on raises (jax 0.10.2: no join of states, no second trace)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def body(block):
    partial = lax.all_gather(block, "j", axis=1, tiled=True, to="reduced")
    partial = lax.scan(lambda c, _: (c + c, None), partial, None, length=3)[0]
    return lax.psum(partial, "j")  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


if __name__ == "__main__":
    main()
