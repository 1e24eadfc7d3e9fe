"""optimizers/hierarchical_reduce.py in an imagined maxtext-lite fork: two-level gradient reduction.

Gradients are first all-reduced inside each slice over the `replica` rule (the DCN-style data
axis), then reduce-scattered onto the FSDP shards of the parameter over the logical batch axes,
so each device keeps only its rows of the summed gradient for the update.
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


REDUCE_RULES = (("replica", "data"),)


def per_device_grad(x, err):
    return x.T @ err


class HierarchicalReducer:
    def __init__(self, config):
        self.rules = config.logical_axis_rules + REDUCE_RULES
        self.replica_axes = logical_axis_names(("replica",), self.rules)
        self.scatter_axes = logical_axis_names(("activation_batch",), self.rules)

    def __call__(self, g):
        g = jax.lax.psum(g, self.replica_axes)
        return jax.lax.psum_scatter(g, self.scatter_axes, scatter_dimension=0, tiled=True)


def make_grad_step(config, mesh):
    reducer = HierarchicalReducer(config)
    rules = reducer.rules
    x_spec = logical_to_mesh_axes(("activation_batch", None), rules)
    e_spec = logical_to_mesh_axes(("activation_batch", "activation_mlp"), rules)
    g_spec = logical_to_mesh_axes(("activation_batch", "mlp"), rules)

    def body(x, err):
        return reducer(per_device_grad(x, err))

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(x_spec, e_spec), out_specs=g_spec))


def inputs():
    return (["run_name=hier", "per_device_batch_size=2"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(2)
    b = config.global_batch_size
    x = rng.standard_normal((b, config.emb_dim)).astype(np.float32)
    err = rng.standard_normal((b, config.mlp_dim)).astype(np.float32)
    x = with_logical_constraint(x, ("activation_batch", None), mesh, rules)
    err = with_logical_constraint(err, ("activation_batch", "activation_mlp"), mesh, rules)
    step = make_grad_step(config, mesh)
    with jax.set_mesh(mesh):
        g = step(x, err)
    print("grad rows", g.shape, g.sharding.spec, float(jnp.sum(g)))


if __name__ == "__main__":
    main(*inputs())
