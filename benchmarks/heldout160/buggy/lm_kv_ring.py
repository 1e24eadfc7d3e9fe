"""models/lm/ring_attn.py: blockwise ring attention over the model axis; each device keeps its
query block and the key/value blocks travel round the ring in a fori_loop."""
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

AXES = ("data", "model")
N_RING, SEQ, D = 4, 16, 8
ATTN = {"kv_view": "reduced", "steps": N_RING}


def ring_pairs(n):
    return [(i, (i + 1) % n) for i in range(n)]


def kv_blocks(k, v, view):
    if view == "local":
        return k, v
    return (lax.all_gather(k, "model", axis=0, tiled=True, to=view),
            lax.all_gather(v, "model", axis=0, tiled=True, to=view))


def ring_attention(q, k, v, cfg=ATTN):
    kb, vb = kv_blocks(k, v, cfg["kv_view"])

    def step(i, carry):
        acc, norm, kb, vb = carry
        s = jnp.exp(q @ kb.T / np.sqrt(D).astype(np.float32))
        acc = acc + s @ vb
        norm = norm + jnp.sum(s, axis=-1, keepdims=True)
        kb = lax.ppermute(kb, "model", ring_pairs(N_RING))
        vb = lax.ppermute(vb, "model", ring_pairs(N_RING))
        return acc, norm, kb, vb

    acc, norm, _, _ = lax.fori_loop(0, cfg["steps"], step,
                                    (jnp.zeros_like(q), jnp.zeros_like(q[:, :1]), kb, vb))
    return acc / norm


def inputs():
    rng = np.random.default_rng(2)
    q, k, v = (rng.normal(size=(2 * SEQ, D)).astype(np.float32) * 0.3 for _ in range(3))
    return q, k, v


def main(q, k, v):
    mesh = jax.make_mesh((2, 4), AXES)
    spec = P("model", None)
    with jax.set_mesh(mesh):
        qd, kd, vd = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k, v))
        attn = jax.jit(jax.shard_map(ring_attention, mesh=mesh, in_specs=(spec, spec, spec),
                                     out_specs=spec))
        out = attn(qd, kd, vd)
    print("attn", out.shape, float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main(*inputs())
