export default function FaqsPage() {
  return <h1>Faqs</h1>;
}
