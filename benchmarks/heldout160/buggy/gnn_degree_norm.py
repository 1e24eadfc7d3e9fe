"""models/gnn/degree.py: symmetric degree normalisation for a GCN whose edge list is split over
`graph`; the normaliser total is reduced over every device of the mesh."""
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
N_NODES, F = 8, 8
DEGREE = {"edge_axis": "graph", "total_axes": ("graph", "feat")}


def degrees(dst):
    local = jax.ops.segment_sum(jnp.ones_like(dst, dtype=jnp.float32), dst, num_segments=N_NODES)
    return lax.psum(local, DEGREE["edge_axis"])


def normalised_messages(h, src, dst):
    deg = degrees(dst)
    inv = jax.lax.rsqrt(deg + 1.0)
    msgs = jax.ops.segment_sum(h[src] * inv[src][:, None], dst, num_segments=N_NODES)
    mass = lax.psum(jnp.sum(jnp.abs(h) * inv[:, None]), DEGREE["total_axes"])
    return lax.psum(msgs, DEGREE["edge_axis"]) * inv[:, None] / mass


def inputs():
    rng = np.random.default_rng(54)
    src = rng.integers(0, N_NODES, size=(16,)).astype(np.int32)
    dst = rng.integers(0, N_NODES, size=(16,)).astype(np.int32)
    return rng.normal(size=(N_NODES, F)).astype(np.float32), src, dst


def main(h, src, dst):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        hd = jax.device_put(h, NamedSharding(mesh, P(None, "feat")))
        sd, dd = (jax.device_put(a, NamedSharding(mesh, P("graph"))) for a in (src, dst))
        fn = jax.jit(jax.shard_map(normalised_messages, mesh=mesh, in_specs=(P(None, "feat"), P("graph"), P("graph")),
                                   out_specs=P(None, "feat")))
        out = fn(hd, sd, dd)
    print("msgs", float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main(*inputs())
