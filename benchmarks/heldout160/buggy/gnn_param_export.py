"""models/gnn/export.py: the feature-parallel GCN parameters are gathered leaf by leaf (a spec tree
beside the params tree) for the inference server."""
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
F = 8
PARAM_SPECS = {"w": P(None, "feat"), "b": P("feat"), "gain": P()}
SERVE_SPECS = {"w": P(None, None, reduced={"feat"}), "b": P(None), "gain": P()}


@functools.partial(jax.jit, static_argnames=("lr",))
def sgd(params, h, lr=0.1):
    def loss(p):
        return jnp.mean(jnp.tanh(h @ p["w"] + p["b"]) * p["gain"])
    g = jax.grad(loss)(params)
    return jax.tree.map(lambda p, d: p - lr * d, params, g)


def serve(params):
    return jax.tree.map(top_level_all_gather, params, SERVE_SPECS, is_leaf=lambda s: isinstance(s, P))


def inputs():
    rng = np.random.default_rng(53)
    params = {"w": rng.normal(size=(F, F)).astype(np.float32) * 0.2, "b": np.zeros((F,), np.float32),
              "gain": np.ones((), np.float32)}
    return params, rng.normal(size=(16, F)).astype(np.float32)


def main(params, h):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        params = place(mesh, params, PARAM_SPECS)
        params = sgd(params, jax.device_put(h, NamedSharding(mesh, P("graph", None))))
        served = serve(params)
    print({k: v.shape for k, v in served.items()})


if __name__ == "__main__":
    main(*inputs())
