// View: how to read a flat buffer as an n-dimensional array (the spec's View module).
//
// A View is an immutable value: shape (possibly symbolic), strides, offset and an optional mask of
// valid ranges per dim. It never holds a data pointer and never allocates element storage; kernels
// take (concrete layout, base pointer). Every movement op returns a new View or an Error.
//
// Strides are stored as Dims so that a C-contiguous view over a symbolic shape keeps exact strides
// (products of the later dims) that become concrete when the variables are bound; for static views
// every stride is a plain integer and nothing is allocated for it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "shape/symbolic.hpp"
#include "view/layout.hpp"
#include "view/reshape_rule.hpp"  // reshape_strides, explain_reshape: the reshape rule

namespace sv {

class View {
 public:
  // Normalises: zero-size shape -> offset 0 and no mask; a mask covering every dim fully is dropped;
  // a mask with an empty range -> all-invalid view (mask all (0,0), strides 0, offset 0).
  // Validates ranks, non-negative sizes, mask ranges 0 <= start <= end <= size, rank <= kMaxRank,
  // and that every addressable linear index stays within +-2^53-1.
  static Result<View> create(const sym::Shape& shape, std::optional<int64_t> offset = std::nullopt,
                             std::optional<Dims> strides = std::nullopt,
                             std::optional<Mask> mask = std::nullopt);
  static Result<View> create(std::span<const int64_t> shape,
                             std::optional<int64_t> offset = std::nullopt,
                             std::optional<Dims> strides = std::nullopt,
                             std::optional<Mask> mask = std::nullopt);

  // --- properties
  const sym::Shape& shape() const { return shape_; }
  const std::vector<sym::Dim>& sym_strides() const { return strides_; }
  Result<Dims> strides() const;  // error while a stride depends on an unbound variable
  int64_t offset() const { return offset_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  sym::Dim numel() const { return sym::numel_dim(shape_); }
  sym::Dim offset_dim() const { return sym::Dim::constant(offset_); }
  Result<sym::Dim> dim(int axis) const;
  Result<int64_t> stride(int axis) const;
  const std::optional<Mask>& mask() const { return mask_; }
  bool is_c_contiguous() const { return contiguous_; }
  std::optional<Dims> strides_opt() const;
  bool can_get_strides() const { return strides_opt().has_value(); }
  bool is_materializable() const;
  // Concrete shape (error naming `op` if a dim is unbound).
  Result<Dims> concrete_shape(const char* op) const;
  // Everything evaluated, for kernels and the binding.
  Result<Layout> layout(const char* op) const;
  // Static shape and integer strides: the view is its Layout (lower() is then exact, and every
  // movement op is the Layout op of the same name).
  bool is_concrete() const { return concrete_; }
  Layout lower() const;  // requires is_concrete()
  // The view of a normalised Layout (as returned by the layout ops).
  static View from_layout(const Layout& l);
  // [min, max] linear index over the valid elements; nullopt for an empty / all-invalid view.
  Result<std::optional<Range>> required_span() const;

  // --- index operations
  Result<int64_t> linear_index(std::span<const int64_t> idx) const;
  bool is_valid(std::span<const int64_t> idx) const;

  // --- normalisation and movement ops
  View simplify() const;
  Result<View> reshape(const sym::Shape& new_shape) const;
  Result<View> reshape(std::span<const int64_t> new_shape) const;
  Result<View> expand(const sym::Shape& new_shape) const;
  Result<View> expand(std::span<const int64_t> new_shape) const;
  Result<View> permute(std::span<const int> axes) const;
  Result<View> shrink(const Mask& bounds) const;
  Result<View> pad(const Mask& padding) const;
  Result<View> flip(const std::vector<bool>& axes_to_flip) const;
  // NumPy broadcast_to: reshape with leading size-1 dims, then expand.
  Result<View> broadcast_to(const sym::Shape& target) const;

  std::string to_string() const;

 private:
  View() = default;
  // `op` names the public operation in error messages.
  static Result<View> make(sym::Shape shape, std::vector<sym::Dim> strides, int64_t offset,
                           std::optional<Mask> mask, const char* op);
  Result<Dims> eval_strides(const char* op) const;  // strides(), errors naming `op`
  // The result of a Layout op, with `shape` (possibly symbolic) as its shape.
  static Result<View> lift(const Result<Layout>& r, const sym::Shape* shape, const char* op);

  sym::Shape shape_;
  std::vector<sym::Dim> strides_;
  int64_t offset_ = 0;
  std::optional<Mask> mask_;
  bool contiguous_ = false;
  bool concrete_ = false;
};

}  // namespace sv
