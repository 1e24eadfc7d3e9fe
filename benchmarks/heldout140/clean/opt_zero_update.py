"""optimizers/zero_update.py in an imagined maxtext-lite fork: ZeRO-style sharded SGD update.

Each data replica computes its gradient of the full (replicated) kernel; the gradients are
reduce-scattered over the replica axis so each device updates its own rows, and the updated rows
are gathered back (invariant) for the next step.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


ZERO_RULES = (("replica", ("data", "fsdp")),)


def zero_step(config, mesh):
    rules = config.logical_axis_rules + ZERO_RULES
    replica = logical_axis_names(("replica",), rules)
    x_spec = logical_to_mesh_axes(("replica", None), rules)
    lr = config.learning_rate

    def body(w, x, y):
        pred = x @ w
        g = x.T @ (pred - y) / x.shape[0]
        rows = jax.lax.psum_scatter(g, replica, scatter_dimension=0, tiled=True)
        start = jax.lax.axis_index(replica) * rows.shape[0]
        w_rows = jax.lax.dynamic_slice_in_dim(w, start, rows.shape[0], axis=0)
        w_rows = w_rows - lr * rows
        return jax.lax.all_gather(w_rows, replica, axis=0, tiled=True, to="invarying")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), x_spec, x_spec), out_specs=P()))


def inputs():
    return (["run_name=zero", "learning_rate=0.05", "emb_dim=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules + ZERO_RULES
    rng = np.random.default_rng(93)
    n = config.global_batch_size * 4
    x = rng.standard_normal((n, config.emb_dim)).astype(np.float32)
    w_true = rng.standard_normal((config.emb_dim, config.emb_dim)).astype(np.float32)
    y = x @ w_true
    w = with_logical_constraint(np.zeros_like(w_true), (None, None), mesh, rules)
    x = with_logical_constraint(x, ("replica", None), mesh, rules)
    y = with_logical_constraint(y, ("replica", None), mesh, rules)
    step = zero_step(config, mesh)
    with jax.set_mesh(mesh):
        for i in range(3):
            w = step(w, x, y)
            print("step", i, "error", float(jnp.linalg.norm(np.asarray(w) - w_true)))


if __name__ == "__main__":
    main(*inputs())
