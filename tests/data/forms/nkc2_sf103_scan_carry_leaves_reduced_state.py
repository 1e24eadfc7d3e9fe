"""The step gives back a fresh (invariant) carry for a reduced one: JAX does not join the two
states nor retrace to a fixpoint, it rejects the scan ("carry input and carry output must have
equal types", jax 0.10.2), so the psum after the loop is never reached."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def body(block):
    partial = lax.all_gather(block, "j", axis=1, tiled=True, to="reduced")
    partial = lax.scan(lambda c, _: (jnp.zeros(c.shape, c.dtype), None), partial, None, length=3)[0]
    return lax.psum(partial, "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


if __name__ == "__main__":
    main()
