import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    table = jax.device_put(jax.numpy.ones((16, 8)), NamedSharding(mesh, P(("i", "j"))))
    return mesh, table


def main(mesh, table):
    axes = mesh.axis_names

    def body(t):
        t = jax.lax.all_gather(t, axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(t, axes, axis=0, tiled=True, to="reduced")  # SF102

    f = jax.shard_map(body, mesh=mesh, in_specs=P(tuple(axes)), out_specs=P(reduced=set(axes)))
    return f(table)


def go():
    return main(*inputs())
