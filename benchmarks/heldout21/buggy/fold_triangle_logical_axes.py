"""Triangle multiplicative update (outgoing edges) with logical axis rules."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = (
    ("residue_i", "row"),
    ("residue_j", "col"),
    ("pair_channel", None),
)


def logical_to_mesh(names, rules=LOGICAL_AXIS_RULES):
    table = dict(rules)
    return tuple(table[n] for n in names)


def logical_spec(*names):
    return P(*logical_to_mesh(names))


def project(z, w):
    return jnp.einsum("ijc,cd->ijd", z, w)


def outgoing_edges(z, w_left, w_right):
    row, col = logical_to_mesh(("residue_i", "residue_j"))
    left = jax.nn.sigmoid(project(z, w_left))
    right = project(z, w_right)
    left_k = jax.lax.all_gather(left, col, axis=1, tiled=True, to="reduced")
    right_k = jax.lax.all_gather(right, col, axis=1, tiled=True)
    update = jnp.einsum("ikc,jkc->ijc", left_k, right_k)
    block = jax.lax.all_gather(left_k, logical_to_mesh(("residue_i", "residue_j")), axis=0, tiled=True, to="reduced")
    return update, block


def inputs():
    rng = np.random.default_rng(4)
    z = rng.standard_normal((8, 16, 4)).astype(np.float32)
    w = rng.standard_normal((4, 4)).astype(np.float32) * 0.5
    return z, w, w.T.copy()


def main(z, w_left, w_right):
    mesh = jax.make_mesh((2, 4), logical_to_mesh(("residue_i", "residue_j")))
    zspec = logical_spec("residue_i", "residue_j", "pair_channel")
    z = jax.device_put(z, NamedSharding(mesh, zspec))
    w_left, w_right = (jax.device_put(w, NamedSharding(mesh, P())) for w in (w_left, w_right))
    tri = jax.shard_map(outgoing_edges, mesh=mesh, in_specs=(zspec, P(), P()),
                        out_specs=(zspec, P(None, None, None, reduced={"row", "col"})))
    return tri(z, w_left, w_right)


if __name__ == "__main__":
    print(main(*inputs()))
