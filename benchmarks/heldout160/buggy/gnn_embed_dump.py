"""models/gnn/embeddings.py: node embeddings of a feature-parallel GCN are regathered per graph
shard for the nearest-neighbour index, then written out as one table."""
import numpy as np
# ---- xform_lite (vendored from our infra/xform.py; keep in sync by hand) ----------------
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_grad(x, bound):
    """Identity forward; the backward pass clips the incoming cotangent to [-bound, bound]."""
    return x


def _clip_grad_fwd(x, bound):
    return x, None


def _clip_grad_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_grad.defvjp(_clip_grad_fwd, _clip_grad_bwd)


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # the floor keeps the tangent finite where x underflows to zero
    return safe_log(x), t / jnp.maximum(x, 1e-12)


REMAT_POLICIES = {
    "nothing": jax.checkpoint_policies.nothing_saveable,
    "dots": jax.checkpoint_policies.dots_saveable,
    "dots_no_batch": jax.checkpoint_policies.dots_with_no_batch_dims_saveable,
    "everything": jax.checkpoint_policies.everything_saveable,
}


def remat(fn, policy="dots"):
    return jax.checkpoint(fn, policy=REMAT_POLICIES[policy])


def stack_layers(layers):
    """A list of per-layer param dicts -> one dict of arrays with a leading layer axis."""
    return jax.tree.map(lambda *xs: jnp.stack(xs), *layers)


def scan_layers(layer_fn, stacked, h, policy=None):
    step = layer_fn if policy is None else remat(layer_fn, policy)

    def body(carry, params):
        return step(params, carry), None

    out, _ = lax.scan(body, h, stacked)
    return out


def place(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))
# ---- end xform_lite -----------------------------------------------------------------------

AXES = ("graph", "feat")
N_NODES, F = 16, 8


class EmbeddingIndex:
    def __init__(self, feature_axis="feat", table_axes=AXES):
        self.feature_axis, self.table_axes = feature_axis, table_axes

    def rows(self, h):
        return lax.all_gather(h, self.feature_axis, axis=1, tiled=True, to="reduced")

    def table(self, rows):
        return lax.all_gather(rows, self.table_axes, axis=0, tiled=True, to="reduced")


def gcn(h, adj, w):
    def layer(h, _):
        local = jnp.tanh(adj @ h * w)
        return lax.all_gather(local, "graph", axis=0, tiled=True, to="invarying"), None
    h, _ = lax.scan(layer, h, None, length=2)
    return jnp.tanh(adj @ h * w)


def build_index(h, adj, w, index=EmbeddingIndex()):
    emb = gcn(h, adj, w)
    return index.table(index.rows(emb))


def inputs():
    rng = np.random.default_rng(51)
    adj = (rng.uniform(size=(N_NODES, N_NODES)) > 0.7).astype(np.float32) / 4.0
    return rng.normal(size=(N_NODES, F)).astype(np.float32), adj, np.full((F,), 0.8, np.float32)


def main(h, adj, w):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        hd = jax.device_put(h, NamedSharding(mesh, P(None, "feat")))
        ad = jax.device_put(adj, NamedSharding(mesh, P("graph", None)))
        wd = jax.device_put(w, NamedSharding(mesh, P("feat")))
        fn = jax.jit(jax.shard_map(build_index, mesh=mesh, in_specs=(P(None, "feat"), P("graph", None), P("feat")),
                                   out_specs=P(None, None, reduced=set(AXES))))
        table = fn(hd, ad, wd)
    np.save("/tmp/gnn_index.npy", np.asarray(table))


if __name__ == "__main__":
    main(*inputs())
