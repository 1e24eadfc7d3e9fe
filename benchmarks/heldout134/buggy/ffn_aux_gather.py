"""lingvo_lite/layers/transformers/ffn_gated.py

Gated (GLU) feed-forward layer, tensor parallel over 'mdl'. The gate activations are gathered
over the model shards for the sparsity regulariser, which then averages the gate L1 mass across
the shards it came from.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class GateSparsity(BaseLayer):
  HPARAMS = dict(target=0.25, axis=None)

  def fprop(self, gate_all):
    l1 = jnp.sum(jnp.abs(gate_all), axis=-1)
    return jax.lax.pmean(l1, self.axis)


class GatedFeedForward(BaseLayer):
  HPARAMS = dict(model_dims=0, hidden_dims=0, sparsity_tpl=None)

  def setup(self):
    self.create_child('sparsity', self.sparsity_tpl.clone(axis=self.activation_split_dims_mapping.hidden[-1]))

  def init(self, key):
    ks = jax.random.split(key, 3)
    shape_in = (self.model_dims, self.hidden_dims)
    return {'gate': jax.random.normal(ks[0], shape_in) * 0.2,
            'up': jax.random.normal(ks[1], shape_in) * 0.2,
            'down': jax.random.normal(ks[2], (self.hidden_dims, self.model_dims)) * 0.2}

  def body(self, x, gate_w, up_w, down_w):
    hidden_axis = self.activation_split_dims_mapping.hidden[-1]
    gate = x @ gate_w
    hidden = jax.nn.silu(gate) * (x @ up_w)
    out = jax.lax.psum(hidden @ down_w, hidden_axis)
    gate_all = jax.lax.all_gather(gate, hidden_axis, axis=1, tiled=True, to='reduced')
    return out, self.sparsity(gate_all)

  def fprop(self, mesh, theta, x):
    wt = self.weight_split_dims_mapping
    act = self.activation_split_dims_mapping
    fn = jax.shard_map(
        self.body, mesh=mesh,
        in_specs=(split_spec(act.inp), split_spec(wt.wi), split_spec(wt.wi), split_spec(wt.wo)),
        out_specs=(split_spec(act.inp), P(act.inp[0])))
    return fn(x, theta['gate'], theta['up'], theta['down'])


@experiment_registry.register
class GatedFFN4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('replica', 'mdl')

  def task(self):
    return Config(
        GatedFeedForward, model_dims=8, hidden_dims=16,
        sparsity_tpl=Config(GateSparsity, target=0.3),
        mesh_axis_names=self.mesh_axis_names,
        weight_split_dims_mapping=SplitDims(wi=(None, 'mdl'), wo=('mdl', None)),
        activation_split_dims_mapping=SplitDims(inp=('replica', None), hidden=('replica', 'mdl')))


def inputs():
  return 'GatedFFN4x2', np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  theta = layer.init(jax.random.PRNGKey(0))
  wt = layer.weight_split_dims_mapping
  theta = {'gate': place(mesh, theta['gate'], wt.wi), 'up': place(mesh, theta['up'], wt.wi),
           'down': place(mesh, theta['down'], wt.wo)}
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    out, density = layer.fprop(mesh, theta, x)
  print(out.shape, np.asarray(density).round(3))


if __name__ == '__main__':
  main(*inputs())
