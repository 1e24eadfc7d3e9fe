"""Post-processing of a 1-D elasticity solve: displacements are gathered from the element
partitions, strains and stresses computed by small post-processors kept in a table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

YOUNG = 210.0e3

POST = {
    "strain": lambda u: jnp.diff(u, axis=-1),
    "stress": lambda u: YOUNG * jnp.diff(u, axis=-1),
}


def displacement_fields(u_local, axis="part"):
    u = jax.lax.all_gather(u_local, axis, axis=1, tiled=True, to="reduced")
    return {name: fn(u) for name, fn in POST.items()}


def inputs():
    return (np.linspace(0.0, 1e-3, 64, dtype=np.float32).reshape(4, 16),)


def main(u):
    mesh = jax.make_mesh((4, 2), ("part", "load"))
    u = jax.device_put(u, NamedSharding(mesh, P("load", "part")))
    spec = P("load", None, reduced={"part"})
    f = jax.shard_map(displacement_fields, mesh=mesh, in_specs=P("load", "part"),
                      out_specs={"strain": spec, "stress": spec})
    return f(u)


if __name__ == "__main__":
    print(main(*inputs()))
