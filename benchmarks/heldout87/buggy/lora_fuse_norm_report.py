"""fuse_lora for an attention port loaded with from_pretrained, with a per-column norm report."""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- modeling_utils.py ----

class ModelMixin(ConfigMixin):
    _param_layouts = {}

    @classmethod
    def from_pretrained(cls, config_json, state_dict, mesh, **kwargs):
        model = cls.from_config(json.loads(config_json), **kwargs)
        model.mesh = mesh
        model.params = {name: shard(np.asarray(value, np.float32), mesh, model.param_spec(name))
                        for name, value in state_dict.items()}
        return model

    def param_spec(self, name):
        for suffix, spec in self._param_layouts.items():
            if name.endswith(suffix):
                return spec
        return P()


def lora_state_dict(seed, modules=("to_q", "to_v"), adapter_name="default", rank=4, dim=16, out=8):
    rng = np.random.default_rng(seed)
    state_dict = {}
    for module in modules:
        state_dict[f"{module}.weight"] = rng.standard_normal((dim, out), dtype=np.float32)
        state_dict[f"{module}.lora_A.{adapter_name}.weight"] = rng.standard_normal((dim, rank), dtype=np.float32)
        state_dict[f"{module}.lora_B.{adapter_name}.weight"] = rng.standard_normal((rank, out), dtype=np.float32)
    return state_dict

# ---- attention_processor.py (LoRA) ----

class LoRAAttention(ModelMixin):
    _param_layouts = {
        "lora_A.default.weight": P("fsdp", None),
        "lora_B.default.weight": P(None, "tp"),
        ".weight": P("fsdp", "tp"),
    }

    @register_to_config
    def __init__(self, query_dim=16, inner_dim=8, rank=4, lora_alpha=4, weight_sharding=("fsdp", "tp")):
        self.scaling = lora_alpha / rank

    def lora_delta(self, params, module, adapter_name="default"):
        down = params[f"{module}.lora_A.{adapter_name}.weight"]
        up = params[f"{module}.lora_B.{adapter_name}.weight"]
        return self.scaling * (down @ up)

    def column_norms(self, delta):
        row_axis = self.config.weight_sharding[0]
        return jnp.sqrt(jax.lax.psum((delta * delta).sum(axis=0), row_axis))

    def fuse_lora(self, params, modules=("to_q", "to_v")):
        fused, report = dict(params), {}
        for module in modules:
            delta = self.lora_delta(params, module)
            fused[f"{module}.weight"] = params[f"{module}.weight"] + delta
            norms = self.column_norms(delta)
            report[module] = jax.lax.all_gather(norms, self.config.weight_sharding[0], tiled=True, to="reduced")
        return {k: v for k, v in fused.items() if "lora_" not in k}, report


CONFIG_JSON = '{"_class_name": "LoRAAttention", "query_dim": 16, "inner_dim": 8, "rank": 4, "lora_alpha": 8}'


def inputs():
    return (lora_state_dict(seed=21),)


def main(state_dict):
    mesh = create_mesh((4, 2), ("fsdp", "tp"))
    model = LoRAAttention.from_pretrained(CONFIG_JSON, state_dict, mesh)
    in_specs = {name: model.param_spec(name) for name in model.params}
    out_specs = ({name: spec for name, spec in in_specs.items() if "lora_" not in name},
                 {module: P("tp", reduced={"fsdp"}) for module in ("to_q", "to_v")})
    return jax.shard_map(model.fuse_lora, mesh=mesh, in_specs=(in_specs,), out_specs=out_specs)(model.params)


if __name__ == "__main__":
    main(*inputs())
