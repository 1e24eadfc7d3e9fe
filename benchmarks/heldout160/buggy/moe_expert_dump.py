"""models/moe/inspect.py: run every token through every expert (eval-only) and dump the
[expert, token, feature] activations for the interpretability notebook."""
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

AXES = ("expert", "data")
N_EXPERTS, D = 4, 8
DUMP = {"tokens": "data", "table": ("expert", "data")}


def all_tokens(act, axis=DUMP["tokens"]):
    return lax.all_gather(act, axis, axis=0, tiled=True, to="reduced")


def expert_acts(x, w_expert):
    return jax.vmap(lambda w: jnp.tanh(x @ w), in_axes=0)(w_expert)


def inspect(x, w_expert):
    acts = expert_acts(x, w_expert)
    per_expert = jax.tree.map(all_tokens, {"acts": acts[0]})
    return lax.all_gather(per_expert["acts"][None], DUMP["table"], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(16, D)).astype(np.float32), rng.normal(size=(N_EXPERTS, D, D)).astype(np.float32)


def main(x, w_expert):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        xd = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        we = jax.device_put(w_expert, NamedSharding(mesh, P("expert", None, None)))
        fn = jax.jit(jax.shard_map(inspect, mesh=mesh, in_specs=(P("data", None), P("expert", None, None)),
                                   out_specs=P(None, None, None, reduced=set(AXES))))
        table = fn(xd, we)
    np.save("/tmp/moe_acts.npy", np.asarray(table))


if __name__ == "__main__":
    main(*inputs())
