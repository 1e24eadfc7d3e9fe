"""models/gnn/readout.py: graph-level readout; node states of every graph shard are regathered and
mean-pooled into one graph embedding per feature shard."""
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
READOUT = {"pool": "mean", "view": "reduced"}
POOLS = ("sum", "mean", "max")


def pool(nodes, kind=READOUT["pool"]):
    return lax.switch(POOLS.index(kind),
                      (lambda n: jnp.sum(n, axis=0),
                       lambda n: jnp.mean(n, axis=0),
                       lambda n: jnp.max(n, axis=0)),
                      nodes)


def readout(h, w):
    h = jnp.tanh(h * w)
    nodes = lax.all_gather(h, "graph", axis=0, tiled=True, to=READOUT["view"])
    return pool(nodes)


def inputs():
    rng = np.random.default_rng(55)
    return rng.normal(size=(N_NODES, F)).astype(np.float32), np.full((F,), 0.5, np.float32)


def main(h, w):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        hd = jax.device_put(h, NamedSharding(mesh, P("graph", "feat")))
        wd = jax.device_put(w, NamedSharding(mesh, P("feat")))
        fn = jax.jit(jax.shard_map(readout, mesh=mesh, in_specs=(P("graph", "feat"), P("feat")),
                                   out_specs=P("feat", reduced={"graph"})))
        g = fn(hd, wd)
    print("graph emb", np.asarray(g))


if __name__ == "__main__":
    main(*inputs())
