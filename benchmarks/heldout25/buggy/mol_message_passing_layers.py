"""An MPNN stack over padded molecular graphs; the final node table is exported for retrieval."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_LAYERS = 3


def init_params(key, dim):
    keys = jax.random.split(key, N_LAYERS)
    return [{"w_msg": jax.random.normal(k, (dim, dim)) * 0.1, "b": jnp.zeros((dim,))} for k in keys]


def mp_layer(layer, h, adj):
    msgs = jnp.einsum("gij,gjd->gid", adj, h) @ layer["w_msg"]
    return jax.nn.silu(h + msgs + layer["b"])


def collect_nodes(h, node_axis):
    return jax.lax.all_gather(h, node_axis, axis=1, to="reduced", tiled=True)


def export_table(x, axes):
    return jax.lax.all_gather(x, axes, to="reduced", tiled=True)


def make_body(params, mesh):
    graph_axis, node_axis = mesh.axis_names

    def body(h, adj):
        for layer in params:
            h = mp_layer(layer, h, adj)
        nodes = collect_nodes(h, node_axis)
        return export_table(nodes, mesh.axis_names)

    return body


def inputs():
    rng = np.random.default_rng(6)
    h = rng.normal(size=(8, 16, 8)).astype(np.float32)
    adj = (rng.random((8, 16, 16)) < 0.2).astype(np.float32)
    return h, adj


def main(h, adj):
    mesh = jax.make_mesh((2, 4), ("graphs", "atoms"))
    params = init_params(jax.random.key(0), h.shape[-1])
    h = jax.device_put(h, NamedSharding(mesh, P("graphs", "atoms", None)))
    adj = jax.device_put(adj, NamedSharding(mesh, P("graphs", "atoms", None)))
    body = make_body(params, mesh)
    intra_shard_bonds = lambda a: a[:, :, : a.shape[1]]
    return jax.shard_map(lambda x, a: body(x, intra_shard_bonds(a)), mesh=mesh,
                         in_specs=(P("graphs", "atoms", None), P("graphs", "atoms", None)),
                         out_specs=P(reduced={"graphs", "atoms"}))(h, adj)


if __name__ == "__main__":
    print(main(*inputs()))
