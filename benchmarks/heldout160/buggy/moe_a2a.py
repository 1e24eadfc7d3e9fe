"""models/moe/dispatch.py: expert-parallel token dispatch with all_to_all; the dispatcher can
hand the experts either its local tokens or the gathered (reduced) view the router scored."""
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


class Dispatcher:
    views = {"local": None, "scored": "reduced"}

    def __init__(self, source="scored"):
        self.source = source

    def tokens(self, x):
        to = self.views[self.source]
        if to is None:
            return x
        return lax.all_gather(x, "expert", axis=0, tiled=True, to=to)

    def dispatch(self, x):
        t = self.tokens(x)
        return lax.all_to_all(t, "expert", split_axis=0, concat_axis=0, tiled=True)

    def combine(self, y):
        return lax.all_to_all(y, "expert", split_axis=0, concat_axis=0, tiled=True)


def moe(x, w_expert, dispatcher=Dispatcher()):
    routed = dispatcher.dispatch(x)
    y = jnp.tanh(routed @ w_expert[0])
    return dispatcher.combine(y)


def inputs():
    rng = np.random.default_rng(32)
    return rng.normal(size=(32, D)).astype(np.float32), rng.normal(size=(N_EXPERTS, D, D)).astype(np.float32) * 0.3


def main(x, w_expert):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        xd = jax.device_put(x, NamedSharding(mesh, P(("expert", "data"), None)))
        we = jax.device_put(w_expert, NamedSharding(mesh, P("expert", None, None)))
        fn = jax.jit(jax.shard_map(moe, mesh=mesh, in_specs=(P(("expert", "data"), None), P("expert", None, None)),
                                   out_specs=P(("expert", "data"), None)))
        out = fn(xd, we)
    print("out", float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main(*inputs())
