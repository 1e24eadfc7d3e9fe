"""models/gnn/pairnorm.py: PairNorm-style rescaling; the node table is regathered over the graph
shards and every node is scaled by the largest row norm seen anywhere."""
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
NORM = {"scale": 1.0, "table_view": "reduced"}


def node_table(h):
    return lax.all_gather(h, "graph", axis=0, tiled=True, to=NORM["table_view"])


def largest_row(table):
    sq = lax.psum(jnp.sum(table * table, axis=-1), "feat")
    return lax.pmax(sq, "graph")


def pairnorm(h, adj):
    def round_(i, h):
        table = node_table(h)
        h = jnp.tanh(adj @ lax.all_gather(h, "graph", axis=0, tiled=True))
        return NORM["scale"] * h / jnp.sqrt(jnp.max(largest_row(table)) + 1e-6)
    return lax.fori_loop(0, 2, round_, h)


def inputs():
    rng = np.random.default_rng(52)
    adj = (rng.uniform(size=(N_NODES, N_NODES)) > 0.6).astype(np.float32) / 5.0
    return rng.normal(size=(N_NODES, F)).astype(np.float32), adj


def main(h, adj):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        hd = jax.device_put(h, NamedSharding(mesh, P("graph", "feat")))
        ad = jax.device_put(adj, NamedSharding(mesh, P("graph", None)))
        fn = jax.jit(jax.shard_map(pairnorm, mesh=mesh, in_specs=(P("graph", "feat"), P("graph", None)),
                                   out_specs=P("graph", "feat")))
        out = fn(hd, ad)
    print("h", float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main(*inputs())
